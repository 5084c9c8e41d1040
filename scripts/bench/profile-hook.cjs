// Preloaded into the app by the bench (--require): SIGUSR2 starts the V8 CPU profiler,
// the next SIGUSR2 writes the profile to BENCH_PROFILE_FILE. Only the bench uses it.
const inspector = require("node:inspector");
const { writeFileSync } = require("node:fs");

const session = new inspector.Session();
session.connect();
let profiling = false;
process.on("SIGUSR2", () => {
  if (!profiling) {
    profiling = true;
    session.post("Profiler.enable", () =>
      session.post("Profiler.setSamplingInterval", { interval: 200 }, () => session.post("Profiler.start")),
    );
    return;
  }
  session.post("Profiler.stop", (error, result) => {
    profiling = false;
    if (!error) writeFileSync(process.env.BENCH_PROFILE_FILE, JSON.stringify(result.profile));
  });
});
