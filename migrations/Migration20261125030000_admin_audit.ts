import { Migration } from '@mikro-orm/migrations';

/** Issue 16: every admin action (who, what, when, which golfer). */
export class Migration20261125030000_admin_audit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "admin_audit_log" (
        "id" uuid primary key default gen_random_uuid(),
        "at" timestamptz not null default now(),
        "actor" varchar(120) not null,
        "action" varchar(40) not null,
        "target_user_id" uuid null references "users" ("id") on delete set null,
        "detail" varchar(500) not null default ''
      );`);
    this.addSql(`create index "admin_audit_log_at_index" on "admin_audit_log" ("at" desc);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "admin_audit_log";`);
  }
}
