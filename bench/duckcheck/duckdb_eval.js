#!/usr/bin/env node
// Evaluates SQL expressions with DuckDB over one Parquet file, for
// duckcheck: each line of EXPRS is "R<tab>expression" (row-wise) or
// "A<tab>expression" (an aggregation); for each one it prints a
// JSON line {"i": k, "rows": [...]} holding to_json of the expression on
// every row (null for SQL NULL), or {"i": k, "err": "..."}.
//
//   NODE_PATH=../shared/bench/node/node_modules node duckdb_eval.js DATA.parquet EXPRS
"use strict";
const { DuckDBInstance } = require("@duckdb/node-api");
const fs = require("fs");

const lit = (s) => "'" + s.replace(/'/g, "''") + "'";

async function main() {
  const [data, exprsPath] = process.argv.slice(2);
  const inst = await DuckDBInstance.create(":memory:");
  const con = await inst.connect();
  await con.run("SET TimeZone = 'UTC'");
  await con.run(`CREATE TABLE t AS SELECT * FROM read_parquet(${lit(data)})`);
  const exprs = fs.readFileSync(exprsPath, "utf8").split("\n").filter((l) => l !== "");
  const out = [];
  for (let i = 0; i < exprs.length; i++) {
    const [kind, expr] = exprs[i].split("\t");
    const order = kind === "A" ? "" : " ORDER BY _row"; // an aggregation is one row
    try {
      const res = await con.runAndReadAll(`SELECT to_json((${expr}))::VARCHAR AS r FROM t${order}`);
      const rows = res.getRows().map((r) => (r[0] === null ? null : JSON.parse(r[0])));
      out.push(JSON.stringify({ i, rows }));
    } catch (e) {
      out.push(JSON.stringify({ i, err: String(e.message || e).split("\n")[0] }));
    }
  }
  process.stdout.write(out.join("\n") + "\n");
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
