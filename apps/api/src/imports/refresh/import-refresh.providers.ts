import { Provider } from '@nestjs/common';
import { ImportRunsService } from '../import-runs.service';
import { IMPORT_SOURCE_RUNNER, ImportRefreshScheduler } from './import-refresh.scheduler';

/**
 * The scheduled refresh, for the application module: it needs the shutdown state the module
 * provides, and runs sources through ImportsModule's ImportRunsService.
 */
export const IMPORT_REFRESH_PROVIDERS: Provider[] = [
  ImportRefreshScheduler,
  { provide: IMPORT_SOURCE_RUNNER, useExisting: ImportRunsService },
];
