import { Module } from '@nestjs/common';
import { ApiDocumentation } from './api-documentation.service';

@Module({ providers: [ApiDocumentation], exports: [ApiDocumentation] })
export class ApiDocumentationModule {}
