export { ROLES, Role, isEditorial } from '@app/domain';
export * from './access.decorators';
export * from './auth.guard';
export * from './auth.module';
export * from './current-user.decorator';
export * from './credentials';
export * from './token-secret';
export * from './users.service';
export * from './admin-bootstrap.service';
