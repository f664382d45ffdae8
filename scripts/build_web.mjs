// Build the browser client: the plain ES modules, stylesheets and pages of src/croupier/web/
// into src/croupier/web/dist/ (docs/web.md, "How it ships"):
//   - esbuild bundles each page's entry (js/main.js for the players' and the floor's pages,
//     js/pages/clock.js for the wall clock), minified, split where the code loads a module
//     when it is needed (each page of the router, the floor's console): content-hashed names;
//   - the stylesheets and the icon, content-hashed too;
//   - the HTML pages (index.html, clock.html) pointing at the hashed files, with a
//     <link rel=modulepreload> for every module the entry imports (one round trip, not a
//     chain) and the stylesheets' hashed names for the page's code (styles.js);
//   - a gzip and a brotli copy of every file, which the server sends by Accept-Encoding;
//   - manifest.json: the digest of the sources built (the server refuses a stale build),
//     the hashed name of each source file, and what each page loads.
// Usage: node scripts/build_web.mjs [--if-stale] [--quiet]. Deterministic: the same sources
// give the same files. The build goes to a new folder that replaces dist/ at the end, so a
// server reading dist/ never sees half a build.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import * as esbuild from "esbuild";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const WEB = path.join(ROOT, "src", "croupier", "web");
const DIST = path.join(WEB, "dist");
const STATIC = "/static";
const ENTRIES = { "index.html": "js/main.js", "clock.html": "js/pages/clock.js" };
const STYLES = ["css/app.css", "css/clock.css", "css/floor_live.css", "css/print.css", "css/report.css"];
const IMAGES = ["img/chip.svg"];
const COMPRESSED = /\.(js|css|html|svg|json|map)$/;

/** The sources under web/ (every file outside dist/), by relative POSIX path, sorted. */
function sources() {
  const out = [];
  (function walk(dir, rel) {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith(".") || entry.name === "__pycache__") continue;
      const sub = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (sub !== "dist" && !sub.startsWith("dist.")) walk(path.join(dir, entry.name), sub);
      } else if (entry.isFile()) out.push(sub);
    }
  })(WEB, "");
  return out.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The digest of the sources: croupier.server.web computes the same one (sources_digest). */
export function digest() {
  const all = createHash("sha256");
  for (const rel of sources()) {
    const one = createHash("sha256").update(fs.readFileSync(path.join(WEB, rel))).digest("hex");
    all.update(`${rel}\0${one}\n`);
  }
  return all.digest("hex");
}

function hashed(rel, bytes) {
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 10);
  const ext = path.posix.extname(rel);
  return `${path.posix.basename(rel, ext)}-${hash}${ext}`;
}

function write(out, name, bytes) {
  const file = path.join(out, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
}

/** The files an output imports statically, transitively (what the browser needs at once). */
function staticImports(meta, output, seen = new Set()) {
  for (const imp of meta.outputs[output].imports) {
    if (imp.kind === "import-statement" && !seen.has(imp.path)) {
      seen.add(imp.path);
      staticImports(meta, imp.path, seen);
    }
  }
  return seen;
}

async function build(out) {
  const files = {};
  for (const rel of [...STYLES, ...IMAGES]) {
    const bytes = fs.readFileSync(path.join(WEB, rel));
    const name = hashed(rel, rel.endsWith(".css") ? Buffer.from(cssMinify(bytes.toString())) : bytes);
    write(out, name, rel.endsWith(".css") ? cssMinify(bytes.toString()) : bytes);
    files[rel] = name;
  }
  const result = await esbuild.build({
    absWorkingDir: WEB,
    entryPoints: Object.values(ENTRIES),
    outdir: out,
    outbase: WEB,
    bundle: true,
    splitting: true,
    format: "esm",
    minify: true,
    target: ["es2020", "chrome90", "firefox90", "safari15"],
    entryNames: "[name]-[hash]",
    chunkNames: "chunks/[name]-[hash]",
    sourcemap: "linked",
    sourcesContent: false,
    legalComments: "none",
    metafile: true,
    logLevel: "warning",
  });
  const meta = result.metafile;
  const rel = (abs) => path.relative(out, path.resolve(WEB, abs)).split(path.sep).join("/");
  const pages = {};
  for (const [html, entry] of Object.entries(ENTRIES)) {
    const [output] = Object.entries(meta.outputs).find(([, o]) => o.entryPoint === entry);
    files[entry] = rel(output);
    const preload = [...staticImports(meta, output)].map(rel).sort();
    const lazy = Object.keys(meta.outputs)
      .filter((o) => o.endsWith(".js") && o !== output && !preload.includes(rel(o)))
      .map(rel)
      .sort();
    pages[html] = { script: rel(output), preload, lazy };
  }
  // the modules of each lazily loaded source module (the router's pages, the floor's console)
  const modules = {};
  for (const [output, o] of Object.entries(meta.outputs)) {
    if (!output.endsWith(".js")) continue;
    modules[rel(output)] = {
      bytes: o.bytes,
      sources: Object.keys(o.inputs).sort(),
      imports: o.imports.filter((i) => i.kind === "import-statement").map((i) => rel(i.path)).sort(),
      dynamic: o.imports.filter((i) => i.kind === "dynamic-import").map((i) => rel(i.path)).sort(),
    };
  }
  const url = (name) => `${STATIC}/dist/${name}`;
  const assets = Object.fromEntries(STYLES.map((s) => [s, url(files[s])]));
  for (const [html, page] of Object.entries(pages)) {
    let text = fs.readFileSync(path.join(WEB, html), "utf8");
    const refs = { ...Object.fromEntries(Object.entries(files).map(([k, v]) => [`${STATIC}/${k}`, url(v)])) };
    for (const [from, to] of Object.entries(refs)) text = text.split(`"${from}"`).join(`"${to}"`);
    if (text.includes(`${STATIC}/js/`) || text.includes(`${STATIC}/css/`) || text.includes(`${STATIC}/img/`)) {
      throw new Error(`${html}: a reference to a source file is left after the build`);
    }
    const head = [
      ...page.preload.map((p) => `<link rel="modulepreload" href="${url(p)}">`),
      `<script type="application/json" id="croupier-assets">${JSON.stringify(assets)}</script>`,
    ].join("\n  ");
    text = text.replace("</head>", `  ${head}\n</head>`);
    write(out, html, text);
  }
  const manifest = {
    digest: digest(),
    esbuild: esbuild.version,
    files,
    pages,
    modules,
  };
  write(out, "manifest.json", `${JSON.stringify(manifest, null, 1)}\n`);
  // every file of the build, compressed both ways
  const every = [];
  (function walk(dir) {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const f = path.join(dir, e.name);
      if (e.isDirectory()) walk(f);
      else if (COMPRESSED.test(e.name)) every.push(f);
    }
  })(out);
  for (const f of every) {
    const bytes = fs.readFileSync(f);
    fs.writeFileSync(`${f}.gz`, zlib.gzipSync(bytes, { level: 9, mtime: 0 }));
    fs.writeFileSync(
      `${f}.br`,
      zlib.brotliCompressSync(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        },
      }),
    );
  }
  return manifest;
}

/** A stylesheet without its comments and blank lines (esbuild's CSS minifier would reorder
 * nothing either, but this keeps the build one JavaScript pass). */
function cssMinify(text) {
  return esbuild.transformSync(text, { loader: "css", minify: true, legalComments: "none" }).code;
}

function fresh() {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(DIST, "manifest.json"), "utf8"));
    return manifest.digest === digest() && manifest.esbuild === esbuild.version;
  } catch {
    return false;
  }
}

async function main() {
  const args = new Set(process.argv.slice(2));
  const quiet = args.has("--quiet");
  if (args.has("--if-stale") && fresh()) {
    if (!quiet) console.log("web client: up to date (src/croupier/web/dist)");
    return;
  }
  const out = `${DIST}.new-${process.pid}`;
  fs.rmSync(out, { recursive: true, force: true });
  const started = Date.now();
  let manifest;
  try {
    manifest = await build(out);
  } catch (error) {
    fs.rmSync(out, { recursive: true, force: true });
    throw error;
  }
  const old = `${DIST}.old-${process.pid}`;
  if (fs.existsSync(DIST)) fs.renameSync(DIST, old);
  fs.renameSync(out, DIST);
  fs.rmSync(old, { recursive: true, force: true });
  if (!quiet) {
    const js = Object.values(manifest.modules).reduce((n, m) => n + m.bytes, 0);
    console.log(
      `web client built in ${Date.now() - started} ms: ${Object.keys(manifest.modules).length} JavaScript files,` +
        ` ${(js / 1024).toFixed(0)} KB minified (src/croupier/web/dist)`,
    );
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(`web client build failed: ${error.message || error}`);
    process.exit(1);
  });
}
