/**
 * `npm run bench:admin-users`: p50 and p99 of GET /api/admin/users through the real HTTP server
 * with 10,000 golfers (500,000 points awards, uploads and today's workouts), for the first page,
 * a page deep in the list and a search (issue 16, check 4: p99 under 100 ms). `npm run build`
 * first (the npm script does). Exits 1 over the limit. BENCH_GOLFERS changes the size.
 */
import pg from 'pg';
import {
  BenchClient,
  measure,
  percentile,
  startServer,
  stopServer,
  throwAwayDatabase,
} from './bench-support.mjs';

const LIMIT_MS = 100;
const GOLFERS = Number(process.env.BENCH_GOLFERS ?? 10_000);
const PASSWORD = 'bench-admin-password';

async function fill(db) {
  const t0 = performance.now();
  await db.query(
    `insert into users (id, email, first_name, last_name, state, is_premium, created_at, updated_at)
     select gen_random_uuid(), 'golfer' || g || '@bench.test', 'Golfer' || g, 'Bench',
            (array['TX','CA','FL','NY','AZ'])[1 + g % 5], g % 3 = 0,
            now() - (g || ' minutes')::interval, now()
       from generate_series(1, $1) g`,
    [GOLFERS],
  );
  await db.query(
    `insert into points_awards (id, user_id, reason, source, points, local_date, week, month)
     select gen_random_uuid(), u.id, 'exercise_completion', 'bench:' || g, 5, d,
            d - extract(dow from d)::int, to_char(d, 'YYYY-MM')
       from (select id, row_number() over (order by id) as n from users) u,
            generate_series(1, 50) g,
            lateral (select (current_date - ((g * 7 + u.n) % 120)::int) as d) day`,
  );
  await db.query(
    `insert into upload_slots (id, user_id, slot, period_start)
     select gen_random_uuid(), id, 'free', 'epoch' from users where not is_premium`,
  );
  await db.query(
    `insert into daily_workouts (id, user_id, workout_date, focus, exercises, views)
     select gen_random_uuid(), id, current_date, '[]', '[]', 1 from users`,
  );
  await db.query('vacuum analyze');
  console.log(
    `filled ${GOLFERS.toLocaleString('en-US')} golfers in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );
}

async function main() {
  const database = await throwAwayDatabase('golf_bench_admin');
  const env = { ADMIN_PASSWORD: PASSWORD, ADMIN_LOGIN_RATE_LIMIT: '1000' };
  let server = await startServer(database.url, env);
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  let failed = false;
  try {
    await fill(db);
    await stopServer(server);
    server = await startServer(database.url, env);
    const admin = new BenchClient(server.base);
    await admin.refreshCsrf();
    const login = await admin.request(
      'POST',
      '/api/admin/login',
      JSON.stringify({ password: PASSWORD }),
      {
        'content-type': 'application/json',
      },
    );
    if (login.status !== 200) throw new Error(`admin sign-in failed: ${login.status}`);
    const ms = (v) => `${v.toFixed(1)} ms`;
    const middle = Math.max(1, Math.floor(GOLFERS / 25 / 2));
    for (const url of [
      '/api/admin/users?page=1&pageSize=25',
      `/api/admin/users?page=${middle}&pageSize=25`,
      '/api/admin/users?search=golfer77&page=1&pageSize=25',
    ]) {
      const times = await measure(admin, url);
      const p99 = percentile(times, 99);
      console.log(
        `${url}: p50 ${ms(percentile(times, 50))}, p99 ${ms(p99)}, max ${ms(times.at(-1))} (${times.length} requests)`,
      );
      if (p99 >= LIMIT_MS) failed = true;
    }
  } finally {
    await db.end();
    await stopServer(server);
    await database.drop();
  }
  console.log(failed ? `FAIL: p99 at or over ${LIMIT_MS} ms` : `OK: p99 under ${LIMIT_MS} ms`);
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
