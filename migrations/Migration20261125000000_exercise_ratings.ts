import { Migration } from '@mikro-orm/migrations';

/** Issue 14: a premium golfer's 1-5 rating of an exercise they completed (one each, changeable). */
export class Migration20261125000000_exercise_ratings extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "exercise_ratings" (
        "user_id" uuid not null references "users" ("id") on delete cascade,
        "exercise_slug" varchar(80) not null,
        "rating" smallint not null check ("rating" between 1 and 5),
        "updated_at" timestamptz not null default now(),
        primary key ("user_id", "exercise_slug")
      );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "exercise_ratings";`);
  }
}
