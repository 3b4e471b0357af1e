import { Module } from '@nestjs/common';
import { ApiDocumentationModule } from '../swagger/api-documentation.module';
import { DiscoveryController } from './discovery.controller';

@Module({ imports: [ApiDocumentationModule], controllers: [DiscoveryController] })
export class DiscoveryModule {}
