/**
 * `npm run bench:leaderboard`: p50 and p99 of GET /api/monthly-leaderboard and
 * GET /api/users/1/monthly-position through the real HTTP server, on a throw-away database
 * filled with 100,000 golfers and 5,000,000 points awards over six months (issue 14, check 5:
 * p99 under 50 ms). `npm run build` first (the npm script does). Exits 1 over the limit.
 * BENCH_GOLFERS and BENCH_AWARDS_PER_GOLFER shrink it for a quick look.
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

const LIMIT_MS = 50;
const GOLFERS = Number(process.env.BENCH_GOLFERS ?? 100_000);
const PER_GOLFER = Number(process.env.BENCH_AWARDS_PER_GOLFER ?? 50);

async function fill(db) {
  const t0 = performance.now();
  await db.query(
    `insert into users (id, email, first_name, last_name, state, created_at, updated_at)
     select gen_random_uuid(), 'golfer' || g || '@bench.test', 'Golfer' || g, 'Bench',
            (array['TX','CA','FL','NY','AZ'])[1 + g % 5], now(), now()
       from generate_series(1, $1) g`,
    [GOLFERS],
  );
  // Awards spread over the last 180 days (about six months), 5 to 15 points each.
  await db.query(
    `insert into points_awards (id, user_id, reason, source, points, local_date, week, month)
     select gen_random_uuid(), u.id, 'exercise_completion', 'bench:' || g,
            5 + ((u.n + g) % 11), d, d - extract(dow from d)::int, to_char(d, 'YYYY-MM')
       from (select id, row_number() over (order by id) as n from users) u,
            generate_series(1, $1) g,
            lateral (select (current_date - ((g * 7 + u.n) % 180)::int) as d) day`,
    [PER_GOLFER],
  );
  await db.query(
    `insert into monthly_points (user_id, month, points)
     select user_id, month, sum(points) from points_awards group by user_id, month`,
  );
  // What autovacuum does soon after a bulk load: statistics, and the visibility map that lets
  // the position count read the (month, points) index alone.
  await db.query('vacuum analyze');
  const { rows } = await db.query('select count(*)::int as n from points_awards');
  console.log(
    `filled ${GOLFERS.toLocaleString('en-US')} golfers, ${rows[0].n.toLocaleString('en-US')} awards in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );
}

async function main() {
  const database = await throwAwayDatabase('golf_bench_leaderboard');
  // The server migrates the new database; the fill goes in once the tables exist.
  let server = await startServer(database.url);
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  let failed = false;
  try {
    await fill(db);
    // Restart so the timing starts from a server with no warm caches of our own making.
    await stopServer(server);
    server = await startServer(database.url);
    const golfer = new BenchClient(server.base);
    const id = await golfer.signUp(0);
    // The bench golfer sits mid-table this month.
    await db.query(
      `insert into monthly_points (user_id, month, points)
       select $1, month, percentile_disc(0.5) within group (order by points)
         from monthly_points where month = to_char(now(), 'YYYY-MM') group by month`,
      [id],
    );
    const ms = (v) => `${v.toFixed(1)} ms`;
    for (const url of ['/api/monthly-leaderboard', '/api/users/1/monthly-position']) {
      const times = await measure(golfer, url);
      const p99 = percentile(times, 99);
      console.log(
        `${url}: p50 ${ms(percentile(times, 50))}, p99 ${ms(p99)}, max ${ms(times.at(-1))} (${times.length} requests)`,
      );
      if (p99 >= LIMIT_MS) failed = true;
    }
    const position = await (await golfer.request('GET', '/api/users/1/monthly-position')).json();
    console.log(`bench golfer: #${position.position} with ${position.monthlyPoints} points`);
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
