#!/usr/bin/env node
// Writes the small Arrow IPC and Parquet files of structframe's
// "other writers" tests with the writers themselves: Polars
// (nodejs-polars), DuckDB (@duckdb/node-api) and Arrow JS (apache-arrow),
// and beside each file the values written, as JSON (<file>.json).
//
//   cd io/ipc/testdata/otherwriters && npm ci && node make.js
//
// It writes the IPC files here and the Parquet files into
// io/parquet/testdata/otherwriters (see README.md). The JSON holds
// {"rows": [...], "zones": {column: zone}} in the canonical form the Go
// tests turn ToValue into: integers and floats as numbers, decimals as
// exact strings, timestamps as UTC instants "2006-01-02T15:04:05.999999Z",
// dates as "2006-01-02", durations as integer nanoseconds, binaries as
// strings, maps with string keys as objects, nulls as null at every level.
"use strict";
const fs = require("fs");
const path = require("path");
const pl = require("nodejs-polars");
const arrow = require("apache-arrow");
const { DuckDBInstance } = require("@duckdb/node-api");

const dirs = {
  ipc: __dirname,
  parquet: path.join(__dirname, "..", "..", "..", "parquet", "testdata", "otherwriters"),
};
const os = require("os");

// The rows every writer writes (each the columns its type system has).
// Nulls at every level: null scalars, null and empty lists, null
// elements, null structures in a list, null fields, a null map, a null
// map value, an empty map.
const rows = [
  { id: 1, s: "a", cat: "red", dec: "12.34", big: "12345678901234567890.0123456789", ts: "2024-01-02T03:04:05.123456Z", d: "2024-02-29", dur: 1500e6,
    f32: 0.5, b: true, bin: "\u0001bytes",
    li: [1, 2, 3], ld: [1e6, 2e6, 3e6], lol: [[1], [2, 3]], los: [{ a: 1.5, b: "x" }, null], sol: { xs: [1], name: "p" },
    m: { k1: 1, k2: null } },
  { id: 2, s: "a string longer than twelve bytes", cat: null, dec: "-0.01", big: "-0.0000000001", ts: null, d: null, dur: null,
    f32: null, b: false, bin: "",
    li: [], ld: [], lol: [[]], los: [], sol: { xs: [], name: null },
    m: {} },
  { id: 3, s: null, cat: "blue", dec: null, big: null, ts: "1970-01-01T00:00:00Z", d: "1970-01-01", dur: -2e6,
    f32: -2.25, b: null, bin: null,
    li: null, ld: null, lol: null, los: null, sol: null,
    m: null },
  { id: 4, s: "", cat: "red", dec: "1000.00", big: "1.0000000000", ts: "1969-12-31T23:59:59.999999Z", d: "1969-12-31", dur: 0,
    f32: 3, b: true, bin: "a binary longer than twelve",
    li: [null, 4], ld: [null, 4e6], lol: [null, [4]], los: [{ a: null, b: null }], sol: { xs: null, name: "q" },
    m: { z: 3 } },
];

for (const r of rows) r.tsn = r.ts; // the same instants, in a timestamp without a zone

const pick = (cols) => rows.map((r) => Object.fromEntries(cols.map((c) => [c, r[c]])));
function expect(file, cols, zones = {}, rs = null) {
  const body = { rows: rs || pick(cols), zones };
  fs.writeFileSync(file + ".json", JSON.stringify(body, null, 1) + "\n");
}

// micros parses a canonical instant into epoch microseconds (BigInt).
function micros(s) {
  if (s == null) return null;
  const m = s.match(/^(.*?)(?:\.(\d+))?Z$/);
  const ms = BigInt(Date.parse(m[1] + "Z"));
  const frac = BigInt(((m[2] || "") + "000000").slice(0, 6));
  return ms * 1000n + frac;
}
const days = (s) => (s == null ? null : Date.parse(s + "T00:00:00Z") / 86400000);

// ---------------------------------------------------------------- Polars
// Nested columns go through NDJSON (nodejs-polars cannot build a list of
// structures from JS values); scalars are built as Series and cast
// (from Numbers: a Series of BigInts with nulls reads as all null).
function polarsFrame() {
  const tmp = path.join(os.tmpdir(), "structframe-polars-nested.ndjson");
  fs.writeFileSync(tmp, rows.map((r) => JSON.stringify({ li: r.li, ld: r.li, lol: r.lol, los: r.los, sol: r.sol })).join("\n") + "\n");
  const nested = pl.scanJson(tmp).collectSync().withColumns(pl.col("ld").cast(pl.List(pl.Duration("ms"))));
  fs.unlinkSync(tmp);
  const col = (c) => rows.map((r) => r[c]);
  const scal = pl.DataFrame([
    pl.Series("id", col("id"), pl.Int64),
    pl.Series("s", col("s"), pl.Utf8),
    pl.Series("cat", col("cat"), pl.Categorical),
    pl.Series("dec", col("dec"), pl.Utf8).cast(pl.Decimal(10, 2)),
    pl.Series("big", col("big"), pl.Utf8).cast(pl.Decimal(38, 10)),
    pl.Series("ts", rows.map((r) => (r.ts == null ? null : Number(micros(r.ts)))), pl.Int64).cast(pl.Datetime("us"))
      .dt.replaceTimeZone("UTC").dt.convertTimeZone("Europe/Paris"),
    pl.Series("tsn", rows.map((r) => (r.ts == null ? null : Number(micros(r.ts)))), pl.Int64).cast(pl.Datetime("us")).cast(pl.Datetime("ns")),
    pl.Series("d", rows.map((r) => days(r.d)), pl.Int32).cast(pl.Date),
    pl.Series("dur", rows.map((r) => (r.dur == null ? null : r.dur / 1e6)), pl.Int64).cast(pl.Duration("ms")),
    pl.Series("f32", col("f32"), pl.Float32),
    pl.Series("b", col("b"), pl.Bool),
  ]);
  return scal.hstack(nested);
}
const polarsCols = ["id", "s", "cat", "dec", "big", "ts", "tsn", "d", "dur", "f32", "b", "li", "ld", "lol", "los", "sol"];

function writePolars() {
  const df = polarsFrame();
  const zones = { ts: "Europe/Paris" };
  const ipc = (name, write) => {
    const f = path.join(dirs.ipc, name);
    write(f);
    expect(f, polarsCols, zones);
  };
  ipc("polars.arrow", (f) => df.writeIPC(f));
  ipc("polars_zstd.arrow", (f) => df.writeIPC(f, { compression: "zstd" }));
  ipc("polars_lz4.arrows", (f) => df.writeIPCStream(f, { compression: "lz4" }));
  // Parquet: Polars' own writer (one row group) and its streaming sink
  // with row groups of 2 rows.
  const pq = (name, write) => {
    const f = path.join(dirs.parquet, name);
    write(f);
    expect(f, polarsCols, zones);
  };
  pq("polars_snappy.parquet", (f) => df.writeParquet(f, { compression: "snappy" }));
  pq("polars_zstd_rg2.parquet", (f) => df.lazy().sinkParquet(f, { compression: "zstd", rowGroupSize: 2 }).collectSync());
}

// ---------------------------------------------------------------- DuckDB
const q = (v) => (v == null ? "NULL" : "'" + String(v).replace(/'/g, "''") + "'");
function duckList(v, f) {
  return v == null ? "NULL" : "[" + v.map(f).join(", ") + "]";
}
const num = (v) => (v == null ? "NULL" : String(v));
function duckRow(r) {
  const los = duckList(r.los, (e) => (e == null ? "NULL::STRUCT(a DOUBLE, b VARCHAR)" : `{'a': ${num(e.a)}, 'b': ${q(e.b)}}`));
  const sol = r.sol == null ? "NULL" : `{'xs': ${duckList(r.sol.xs, num)}, 'name': ${q(r.sol.name)}}`;
  const m = r.m == null ? "NULL" : `MAP {${Object.entries(r.m).map(([k, v]) => `${q(k)}: ${num(v)}`).join(", ")}}`;
  const ts = r.ts == null ? "NULL" : q(r.ts.replace("T", " ").replace("Z", "+00"));
  const tsn = r.ts == null ? "NULL" : q(r.ts.replace("T", " ").replace("Z", ""));
  return `(${r.id}, ${q(r.s)}, ${q(r.cat)}, ${q(r.dec)}, ${q(r.big)}, ${ts}, ${tsn}, ` +
    `${r.d == null ? "NULL" : q(r.d)}, ${num(r.f32)}, ${num(r.b)}, ${r.bin == null ? "NULL" : q(r.bin.replace("\u0001", "\\x01"))}, ` +
    `${duckList(r.li, num)}, ${duckList(r.lol, (x) => duckList(x, num))}, ${los}, ${sol}, ${m})`;
}
const duckCols = ["id", "s", "cat", "dec", "big", "ts", "tsn", "d", "f32", "b", "bin", "li", "lol", "los", "sol", "m"];

async function writeDuck() {
  const inst = await DuckDBInstance.create(":memory:");
  const con = await inst.connect();
  await con.run("CREATE TYPE color AS ENUM ('red', 'blue')");
  await con.run(`CREATE TABLE t (id BIGINT, s VARCHAR, cat color, dec DECIMAL(10,2), big DECIMAL(38,10), ts TIMESTAMPTZ, tsn TIMESTAMP, d DATE,
    f32 FLOAT, b BOOLEAN, bin BLOB, li BIGINT[], lol BIGINT[][], los STRUCT(a DOUBLE, b VARCHAR)[],
    sol STRUCT(xs BIGINT[], name VARCHAR), m MAP(VARCHAR, INTEGER))`);
  await con.run("SET TimeZone = 'UTC'");
  await con.run("INSERT INTO t VALUES " + rows.map(duckRow).join(",\n"));
  for (const [name, codec] of [["duckdb_snappy.parquet", "snappy"], ["duckdb_zstd.parquet", "zstd"]]) {
    const f = path.join(dirs.parquet, name);
    await con.run(`COPY (SELECT * FROM t ORDER BY id) TO ${q(f)} (FORMAT parquet, COMPRESSION ${codec})`);
    expect(f, duckCols, { ts: "UTC" });
  }
  // Several row groups (DuckDB cuts them per 2048-row vector at least):
  // 5000 rows whose values the tests compute from the id, so no JSON.
  //   id = i; s = null when i % 7 = 3, else "s<i>";
  //   l = null when i % 5 = 4, else the first i % 4 of [i, null, 2i].
  const f = path.join(dirs.parquet, "duckdb_rowgroups.parquet");
  await con.run(`COPY (SELECT i::BIGINT AS id, CASE WHEN i % 7 = 3 THEN NULL ELSE 's' || i END AS s,
      CASE WHEN i % 5 = 4 THEN NULL ELSE [i, NULL, i * 2][1:(i % 4)] END AS l
    FROM range(0, 5000) r(i) ORDER BY i) TO ${q(f)} (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 2048)`);
  const rg = await con.runAndReadAll(`SELECT count(DISTINCT row_group_id) FROM parquet_metadata(${q(f)})`);
  console.log(`${name(f)}: ${rg.getRows()[0][0]} row groups`);
}
const name = (f) => path.basename(f);

// ---------------------------------------------------------------- Arrow JS
function arrowTable() {
  const T = arrow;
  const struct = new T.Struct([new T.Field("a", new T.Float64(), true), new T.Field("b", new T.Utf8(), true)]);
  const sol = new T.Struct([new T.Field("xs", new T.List(new T.Field("item", new T.Int64(), true)), true), new T.Field("name", new T.Utf8(), true)]);
  const fields = {
    id: new T.Int64(),
    s: new T.Utf8(),
    ls: new T.LargeUtf8(),
    cat: new T.Dictionary(new T.Utf8(), new T.Int32()),
    ts: new T.Timestamp(T.TimeUnit.MICROSECOND, "Asia/Tokyo"),
    d: new T.DateDay(),
    dur: new T.Duration(T.TimeUnit.MILLISECOND),
    f32: new T.Float32(),
    b: new T.Bool(),
    bin: new T.Binary(),
    li: new T.List(new T.Field("item", new T.Int64(), true)),
    lol: new T.List(new T.Field("item", new T.List(new T.Field("item", new T.Int64(), true)), true)),
    los: new T.List(new T.Field("item", struct, true)),
    sol,
    m: new T.Map_(new T.Field("entries", new T.Struct([new T.Field("key", new T.Utf8(), false), new T.Field("value", new T.Int32(), true)]), false)),
  };
  const native = {
    id: (v) => BigInt(v),
    ls: (v) => v,
    ts: (v) => micros(v),
    d: (v) => new Date(Date.parse(v + "T00:00:00Z")),
    dur: (v) => BigInt(v / 1e6),
    bin: (v) => Uint8Array.from(Buffer.from(v, "latin1")),
    li: (v) => v.map((x) => (x == null ? null : BigInt(x))),
    lol: (v) => v.map((l) => (l == null ? null : l.map((x) => (x == null ? null : BigInt(x))))),
    sol: (v) => ({ xs: v.xs == null ? null : v.xs.map(BigInt), name: v.name }),
    m: (v) => new Map(Object.entries(v)),
  };
  const cols = {};
  for (const [c, type] of Object.entries(fields)) {
    const src = c === "ls" ? "s" : c;
    const vals = rows.map((r) => (r[src] == null ? null : (native[c] || ((x) => x))(r[src])));
    cols[c] = c === "ts" ? timestamps(type, vals) : T.vectorFromArray(vals, type);
  }
  return new T.Table(cols);
}
// timestamps builds a timestamp vector from epoch values as they are
// (Arrow JS's builder takes milliseconds as a float for every unit).
function timestamps(type, vals) {
  const bitmap = new Uint8Array(Math.ceil(vals.length / 8));
  vals.forEach((v, i) => { if (v != null) bitmap[i >> 3] |= 1 << (i & 7); });
  const data = BigInt64Array.from(vals, (v) => (v == null ? 0n : v));
  const nullCount = vals.filter((v) => v == null).length;
  return arrow.makeVector(arrow.makeData({ type, length: vals.length, nullCount, nullBitmap: bitmap, data }));
}
const arrowCols = ["id", "s", "ls", "cat", "ts", "d", "dur", "f32", "b", "bin", "li", "lol", "los", "sol", "m"];

// dictBatches writes a stream of three record batches of one dictionary
// column, the second batch adding values to the dictionary (a delta
// message) and the third replacing it (isDelta false), as Arrow JS's
// writer does when a batch's dictionary extends or differs from the last.
function dictBatches() {
  const T = arrow;
  const type = new T.Dictionary(new T.Utf8(), new T.Int32(), 0);
  const utf8 = (vals) => T.vectorFromArray(vals, new T.Utf8());
  const dict1 = utf8(["red", "green"]);
  const dict2 = dict1.concat(utf8(["blue"])); // shares dict1's chunk: a delta
  const dict3 = utf8(["cyan", "magenta"]); // a new first chunk: a replacement
  const batch = (dict, idx, valid) => {
    const indices = Int32Array.from(idx);
    const nullBitmap = valid ? Uint8Array.from([valid.reduce((a, v, i) => a | (v << i), 0)]) : undefined;
    const data = T.makeData({ type, length: idx.length, nullCount: valid ? valid.filter((v) => !v).length : 0, nullBitmap, data: indices, dictionary: dict });
    const field = new T.Field("color", type, true);
    const schema = new T.Schema([field]);
    return new T.RecordBatch(schema, T.makeData({ type: new T.Struct(schema.fields), length: idx.length, children: [data] }));
  };
  const batches = [
    batch(dict1, [0, 1, 0], null),
    batch(dict2, [2, 0, 1, 2], [1, 0, 1, 1]),
    batch(dict3, [1, 0], null),
  ];
  const want = [["red", "green", "red"], ["blue", null, "green", "blue"], ["magenta", "cyan"]];
  return { batches, want };
}

function writeArrowJS() {
  const table = arrowTable();
  const zones = { ts: "Asia/Tokyo" };
  const exp = pick(arrowCols.map((c) => (c === "ls" ? "s" : c))).map((r, i) => ({ ...r, ls: rows[i].s }));
  for (const [file, fmt] of [["arrowjs.arrow", "file"], ["arrowjs.arrows", "stream"]]) {
    const f = path.join(dirs.ipc, file);
    fs.writeFileSync(f, arrow.tableToIPC(table, fmt));
    expect(f, arrowCols, zones, exp);
  }
  const { batches, want } = dictBatches();
  const w = arrow.RecordBatchStreamWriter.writeAll(batches);
  const f = path.join(dirs.ipc, "arrowjs_dict_delta_replace.arrows");
  fs.writeFileSync(f, w.toUint8Array(true));
  expect(f, [], {}, want.flatMap((b) => b.map((color) => ({ color }))));
  fs.writeFileSync(f + ".batches.json", JSON.stringify(want.map((b) => b.length)) + "\n");
}

const pkgVersion = (p) => JSON.parse(fs.readFileSync(path.join(__dirname, "node_modules", p, "package.json"))).version;

async function main() {
  writePolars();
  await writeDuck();
  writeArrowJS();
  const versions = {
    node: process.version,
    "nodejs-polars": pkgVersion("nodejs-polars"),
    "@duckdb/node-api": pkgVersion("@duckdb/node-api"),
    "apache-arrow": pkgVersion("apache-arrow"),
  };
  console.log(JSON.stringify(versions));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
