import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 14: the points ledger (one row per award, never twice for the same source) and exercise
 * logs and completions (one completion per exercise per golfer per local day).
 */
export class Migration20261124030000_points_ledger extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "points_awards" (
        "id" uuid primary key,
        "user_id" uuid not null references "users" ("id") on delete cascade,
        "reason" varchar(32) not null check ("reason" in ('swing_upload', 'exercise_completion')),
        "source" varchar(120) not null,
        "points" integer not null check ("points" > 0),
        "local_date" date not null,
        "week" date not null,
        "month" varchar(7) not null,
        "created_at" timestamptz not null default now(),
        constraint "points_awards_once" unique ("user_id", "reason", "source")
      );`);
    this.addSql(
      `create index "points_awards_month_index" on "points_awards" ("month", "user_id");`,
    );
    this.addSql(`
      create table "exercise_completions" (
        "id" uuid primary key,
        "user_id" uuid not null references "users" ("id") on delete cascade,
        "exercise_slug" varchar(80) not null,
        "workout_date" date not null,
        "created_at" timestamptz not null default now(),
        constraint "exercise_completions_once_a_day" unique ("user_id", "exercise_slug", "workout_date")
      );`);
    this.addSql(`
      create table "exercise_logs" (
        "id" uuid primary key,
        "user_id" uuid not null references "users" ("id") on delete cascade,
        "exercise_slug" varchar(80) not null,
        "workout_date" date not null,
        "sets" integer not null check ("sets" >= 0),
        "reps" integer not null check ("reps" >= 0),
        "weight" integer not null check ("weight" >= 0),
        "duration" integer not null default 0 check ("duration" >= 0),
        "notes" varchar(500) not null default '',
        "created_at" timestamptz not null default now()
      );`);
    this.addSql(
      `create index "exercise_logs_history_index" on "exercise_logs" ("user_id", "exercise_slug", "workout_date");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "exercise_logs";`);
    this.addSql(`drop table "exercise_completions";`);
    this.addSql(`drop table "points_awards";`);
  }
}
