import { UpdateTermDto } from '@app/terms';

export class UpdateTagDto extends UpdateTermDto {}
