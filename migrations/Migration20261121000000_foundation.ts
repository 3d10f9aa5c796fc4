import { Migration } from '@mikro-orm/migrations';

/** Users, notifications, swing analyses and the session store. */
export class Migration20261121000000_foundation extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "users" (
        "id" uuid primary key,
        "first_name" varchar(100) null,
        "last_name" varchar(100) null,
        "email" varchar(254) null,
        "handicap" numeric(4,1) null,
        "city" varchar(100) null,
        "state" varchar(100) null,
        "is_premium" boolean not null default false,
        "streak" integer not null default 0 check ("streak" >= 0),
        "monthly_points" integer not null default 0 check ("monthly_points" >= 0),
        "total_points" integer not null default 0 check ("total_points" >= 0),
        "weekly_points" integer not null default 0 check ("weekly_points" >= 0),
        "video_uploads_used" integer not null default 0 check ("video_uploads_used" >= 0),
        "analysis_views_used" integer not null default 0 check ("analysis_views_used" >= 0),
        "workout_views_used" integer not null default 0 check ("workout_views_used" >= 0),
        "stripe_customer_id" varchar(255) null,
        "stripe_subscription_id" varchar(255) null,
        "subscription_end_date" timestamptz null,
        "password_hash" text null,
        "oidc_issuer" varchar(500) null,
        "oidc_subject" varchar(255) null,
        "welcome_dismissed" boolean not null default false,
        "created_at" timestamptz not null default now(),
        "updated_at" timestamptz not null default now(),
        constraint "users_email_unique" unique ("email"),
        constraint "users_oidc_unique" unique ("oidc_issuer", "oidc_subject"),
        constraint "users_handicap_range" check ("handicap" between -10 and 54)
      );`);

    this.addSql(`
      create table "notifications" (
        "id" uuid primary key,
        "user_id" uuid not null references "users" ("id") on delete cascade,
        "type" varchar(40) not null,
        "title" varchar(200) not null,
        "message" text not null,
        "is_read" boolean not null default false,
        "created_at" timestamptz not null default now()
      );`);
    this.addSql(
      `create index "notifications_user_id_created_at_index" on "notifications" ("user_id", "created_at");`,
    );

    this.addSql(`
      create table "swing_analyses" (
        "id" uuid primary key,
        "user_id" uuid not null references "users" ("id") on delete cascade,
        "created_at" timestamptz not null default now(),
        "club_selection" varchar(40) null,
        "club_speed" double precision null,
        "ball_speed" double precision null,
        "carry" double precision null,
        "total" double precision null,
        "spin_rate" integer null,
        "club_path" double precision null,
        "face_angle" double precision null,
        "tour_comparison" varchar(10) null check ("tour_comparison" in ('pga', 'lpga')),
        "key_issues" jsonb null,
        "recommendations" jsonb null,
        "exercise_recommendations" jsonb null,
        "face_on_video_url" text null,
        "down_the_line_video_url" text null,
        "swing_strengths" jsonb null,
        "swing_weaknesses" jsonb null,
        "launch_monitor_assessment" text null,
        "technical_details" jsonb null,
        "mobility_analysis" jsonb null,
        "analysis_results" jsonb null,
        "has_error" boolean not null default false,
        "is_complete" boolean not null default false
      );`);
    this.addSql(
      `create index "swing_analyses_user_id_created_at_index" on "swing_analyses" ("user_id", "created_at");`,
    );

    // connect-pg-simple's table.
    this.addSql(`
      create table "user_sessions" (
        "sid" varchar not null primary key,
        "sess" json not null,
        "expire" timestamp(6) not null
      );`);
    this.addSql(`create index "user_sessions_expire_index" on "user_sessions" ("expire");`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "user_sessions";');
    this.addSql('drop table if exists "swing_analyses";');
    this.addSql('drop table if exists "notifications";');
    this.addSql('drop table if exists "users";');
  }
}
