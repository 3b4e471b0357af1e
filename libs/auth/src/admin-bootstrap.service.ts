import { APP_CONFIG, AppConfig } from '@app/config';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { TokenTakenError, UserNameTakenError, UsersService } from './users.service';

export const ADMIN_NAME = 'admin';

/**
 * First start on an empty database: create an administrator. With ADMIN_TOKEN its token is that
 * value (and is re-registered on later starts if missing); without it a new token is printed once.
 */
@Injectable()
export class AdminBootstrapService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Bootstrap');
  private created?: { name: string; token: string };

  constructor(
    private readonly users: UsersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    try {
      await this.ensureAdministrator();
    } catch (error) {
      // Another instance sharing the database created the administrator first: under the name
      // this start chose, or (ADMIN_TOKEN) with the same token under the name it chose.
      if (!(error instanceof UserNameTakenError || error instanceof TokenTakenError)) throw error;
    }
  }

  /**
   * The administrator created by this start with a generated token, handed out once: whoever
   * takes it must show it, as nothing else ever will.
   */
  takeGeneratedAdministrator(): { name: string; token: string } | undefined {
    const created = this.created;
    this.created = undefined;
    return created;
  }

  /**
   * Keyed on "no administrator yet" rather than "no users yet", so a user created through the CLI
   * before the first start does not leave the service without an administrator or ADMIN_TOKEN.
   */
  private async ensureAdministrator(): Promise<void> {
    const configured = this.config.adminToken;
    const admin = await this.users.findFirstWithRole('administrator');
    if (!admin) {
      const name = (await this.users.findByName(ADMIN_NAME)) ? `${ADMIN_NAME}-${Date.now()}` : ADMIN_NAME;
      const { token } = await this.users.createWithToken(name, 'administrator', configured);
      if (!configured) {
        // Shown by the start-up summary (main.ts), the only time this secret is ever shown.
        this.created = { name, token };
      } else {
        this.logger.log(`Created administrator "${name}" with the token from ADMIN_TOKEN`);
      }
      return;
    }
    // A revoked ADMIN_TOKEN stays revoked: only a secret never seen before is registered.
    if (configured && !(await this.users.hasToken(configured))) await this.users.issueToken(admin.id, configured);
  }
}
