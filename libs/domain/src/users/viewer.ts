import { Role } from './role';

/** The signed-in user a read is made for; anonymous reads have none. */
export interface Viewer {
  id: number;
  role: Role;
}
