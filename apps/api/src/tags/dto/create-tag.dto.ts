import { CreateTermDto } from '@app/terms';

export class CreateTagDto extends CreateTermDto {}
