import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 14: each golfer's points per month, kept in step with the ledger by the same statement
 * that writes an award, so the monthly leaderboard reads one indexed row per golfer.
 */
export class Migration20261124040000_monthly_points extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "monthly_points" (
        "user_id" uuid not null references "users" ("id") on delete cascade,
        "month" varchar(7) not null,
        "points" integer not null check ("points" >= 0),
        primary key ("user_id", "month")
      );`);
    this.addSql(
      `create index "monthly_points_ranking_index" on "monthly_points" ("month", "points" desc, "user_id");`,
    );
    this.addSql(`
      insert into "monthly_points" ("user_id", "month", "points")
        select "user_id", "month", sum("points") from "points_awards" group by "user_id", "month";`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "monthly_points";`);
  }
}
