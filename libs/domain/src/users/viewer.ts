export type { Viewer } from '@app/common/http/viewer';
