import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 16: the admin's golfer search reads one lower-cased column (email, first and last
 * name) instead of four case-insensitive comparisons per row.
 */
export class Migration20261125040000_user_search_text extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table "users" add column "search_text" text generated always as (
        lower(coalesce("email", '') || ' ' || coalesce("first_name", '') || ' ' ||
              coalesce("last_name", ''))
      ) stored;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "users" drop column "search_text";`);
  }
}
