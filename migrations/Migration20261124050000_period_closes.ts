import { Migration } from '@mikro-orm/migrations';

/** Issue 14: each week and month close runs once (the key), whichever app instance runs it. */
export class Migration20261124050000_period_closes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "period_closes" (
        "kind" varchar(8) not null check ("kind" in ('week', 'month')),
        "period" varchar(10) not null,
        "closed_at" timestamptz not null default now(),
        primary key ("kind", "period")
      );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "period_closes";`);
  }
}
