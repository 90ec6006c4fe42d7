#!/usr/bin/env node
// DuckDB's side of W12-titles and W12-sort, with the same checksums:
// a GROUP BY title (count, mean est_time) and the order of
// (est_time, title), each timed, optionally under a memory limit.
//
//   NODE_PATH=../shared/bench/node/node_modules node bench/w12_duckdb.js FILE [LIMIT, e.g. 256MB]
"use strict";
const { DuckDBInstance } = require("@duckdb/node-api");

async function main() {
  const [path, limit] = process.argv.slice(2);
  const inst = await DuckDBInstance.create(":memory:");
  const con = await inst.connect();
  if (limit) await con.run(`SET memory_limit='${limit}'`);
  const row = async (sql) => (await con.runAndReadAll(sql)).getRows()[0];
  const src = `read_json_auto('${path.replace(/'/g, "''")}', format='newline_delimited')`;
  let t0 = Date.now();
  const [g, n, m] = await row(`SELECT count(*), sum(n), sum(m) FROM (SELECT title, count(*) n, avg(est_time) m FROM ${src} GROUP BY title)`);
  console.log(`titles groups=${g} n_sum=${n} mean_sum=${Number(m).toFixed(3)} ${(Date.now() - t0) / 1000}s`);
  t0 = Date.now();
  const [rows, first, last, w] = await row(`SELECT count(*), min(est_time), max(est_time), sum(est_time * ((rn-1) % 1000)) FROM (SELECT est_time, row_number() OVER (ORDER BY est_time, title) rn FROM ${src})`);
  console.log(`sort rows=${rows} first=${Number(first).toFixed(1)} last=${Number(last).toFixed(1)} weighted=${Number(w).toFixed(1)} ${(Date.now() - t0) / 1000}s`);
}
main();
