import { Migration } from '@mikro-orm/migrations';

/** Issue 14: one workout per golfer per local day, built at the first view and kept. */
export class Migration20261124020000_daily_workouts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "daily_workouts" (
        "id" uuid primary key,
        "user_id" uuid not null references "users" ("id") on delete cascade,
        "workout_date" date not null,
        "focus" jsonb not null,
        "exercises" jsonb not null,
        "views" integer not null default 0 check ("views" >= 0),
        "created_at" timestamptz not null default now(),
        constraint "daily_workouts_one_per_day" unique ("user_id", "workout_date")
      );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "daily_workouts";`);
  }
}
