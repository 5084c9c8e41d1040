// Preloaded into the app by the bench (--require): SIGUSR2 starts the V8 CPU profiler,
// the next SIGUSR2 writes the profile to BENCH_PROFILE_FILE. Only the bench uses it.
// It also counts the statements the app sends at the driver (every pg client's query):
// the count between the two signals goes to BENCH_PROFILE_FILE + ".statements".
const inspector = require("node:inspector");
const { writeFileSync } = require("node:fs");
const pg = require("pg");

let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(...args) {
  statements++;
  return query.apply(this, args);
};

const session = new inspector.Session();
session.connect();
let profiling = false;
let statementsAtStart = 0;
process.on("SIGUSR2", () => {
  if (!profiling) {
    profiling = true;
    statementsAtStart = statements;
    session.post("Profiler.enable", () =>
      session.post("Profiler.setSamplingInterval", { interval: 200 }, () => session.post("Profiler.start")),
    );
    return;
  }
  const counted = statements - statementsAtStart;
  session.post("Profiler.stop", (error, result) => {
    profiling = false;
    writeFileSync(`${process.env.BENCH_PROFILE_FILE}.statements`, JSON.stringify({ statements: counted }));
    if (!error) writeFileSync(process.env.BENCH_PROFILE_FILE, JSON.stringify(result.profile));
  });
});
