import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 15: billing. `billing_accounts` mirrors each golfer's customer and subscription as the
 * provider last reported them; `billing_events` keeps every webhook event id once (a replay is
 * a no-op); the `billing_test_*` tables stand in for Stripe in test mode (no keys, no card).
 */
export class Migration20261125020000_billing extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "billing_accounts" (
        "user_id" uuid primary key references "users" ("id") on delete cascade,
        "mode" varchar(8) not null check ("mode" in ('stripe', 'test')),
        "customer_id" varchar(255) not null unique,
        "subscription_id" varchar(255) null unique,
        "plan" varchar(16) null check ("plan" in ('monthly', 'annual')),
        "status" varchar(32) null,
        "current_period_end" timestamptz null,
        "cancel_at_period_end" boolean not null default false,
        "past_due_since" timestamptz null,
        "card_brand" varchar(32) null,
        "card_last4" varchar(4) null,
        "updated_at" timestamptz not null default now()
      );`);
    this.addSql(`
      create table "billing_events" (
        "event_id" varchar(255) primary key,
        "type" varchar(100) not null,
        "received_at" timestamptz not null default now()
      );`);
    this.addSql(`
      create table "billing_test_subscriptions" (
        "id" varchar(64) primary key,
        "customer_id" varchar(255) not null,
        "user_id" uuid not null references "users" ("id") on delete cascade,
        "plan" varchar(16) not null check ("plan" in ('monthly', 'annual')),
        "status" varchar(32) not null,
        "current_period_end" timestamptz null,
        "cancel_at_period_end" boolean not null default false,
        "created_at" timestamptz not null default now()
      );`);
    this.addSql(
      `create index "billing_test_subscriptions_customer_index" on "billing_test_subscriptions" ("customer_id", "created_at");`,
    );
    this.addSql(`
      create table "billing_test_checkouts" (
        "id" varchar(64) primary key,
        "customer_id" varchar(255) not null,
        "user_id" uuid not null references "users" ("id") on delete cascade,
        "plan" varchar(16) not null check ("plan" in ('monthly', 'annual')),
        "subscription_id" varchar(64) null,
        "created_at" timestamptz not null default now()
      );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "billing_test_checkouts";`);
    this.addSql(`drop table "billing_test_subscriptions";`);
    this.addSql(`drop table "billing_events";`);
    this.addSql(`drop table "billing_accounts";`);
  }
}
