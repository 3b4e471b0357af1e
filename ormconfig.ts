import { loadConfig } from '@app/config';
import { buildDataSourceOptions } from '@app/database';
import { DataSource } from 'typeorm';
import { SCHEMA } from '@app/domain';

/** The one DataSource the TypeORM CLI and the migrations use; the app builds the same options. */
export default new DataSource(buildDataSourceOptions(loadConfig(), SCHEMA));
