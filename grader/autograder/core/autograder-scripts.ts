// The two scripts of a Gradescope autograder: setup.sh (run once, as root, when Gradescope builds the image) and
// run_autograder (run once per submission). Every path hangs off AUTOGRADER_DIR (default /autograder), so a test can
// play Gradescope in a temp folder.
import { shellQuote } from '../../sandbox/core/unshare-script.ts';

/** What an autograder is built with: baked into its scripts, so every submission is graded the same way. */
export type AutograderOptions = {
  /** The dispatch-lab version the zip pins (its tarball is dispatch-lab-<version>.tgz). */
  version: string;
  /** The bundled tarball's file name, beside package.json. */
  tarball: string;
  /** The Node version setup.sh installs when the image has no Node 20.19 or newer ("20.20.2"). */
  nodeVersion: string;
  /** Whether the zip holds a package-lock.json (setup.sh runs `npm ci`) or not (`npm install`). */
  hasLock: boolean;
  /** Whether the zip holds private-cases/. */
  hasPrivateCases: boolean;
  /** --isolate (each case in its own namespaces) or --no-isolate. */
  isolate: boolean;
  /** The stages graded (--stage); empty: every stage (--all). */
  stages: string[];
  /** Per-case timeout in ms (--timeout); absent: each case's own, else the grader's default. */
  timeoutMs?: number;
  /** Per-case memory limit (--memory, "512M"). */
  memory?: string;
  /** Per-case process limit (--max-procs). */
  maxProcs?: number;
  /** Cases run at once (--jobs); absent: one per core. */
  jobs?: number;
};

/** The file names Gradescope looks for at the root of the zip. */
export const SETUP_SCRIPT = 'setup.sh';
export const RUN_SCRIPT = 'run_autograder';
export const PRIVATE_CASES_DIR = 'private-cases';

const PATHS = [
  'AUTOGRADER_DIR="${AUTOGRADER_DIR:-/autograder}"',
  'SOURCE="$AUTOGRADER_DIR/source"',
];

// setup.sh: Node (unless a Node 20.19+ is there), bubblewrap for --isolate (unless there), the pinned dispatch-lab and
// its packages from the bundled tarball and the npm registry, then what a case must not read made root's alone.
// DISPATCH_LAB_SKIP_SYSTEM_INSTALL=1 skips the Node and apt steps (an image that has them, or a test).
export function setupScript(options: AutograderOptions): string {
  const install = options.hasLock ? 'npm ci --omit=dev --ignore-scripts --no-audit --no-fund' : 'npm install --omit=dev --ignore-scripts --no-audit --no-fund';
  const secrets = [shellQuote(options.tarball), ...(options.hasPrivateCases ? [PRIVATE_CASES_DIR] : [])].join(' ');
  return [
    '#!/usr/bin/env bash',
    `# Written by dispatch-lab ${options.version} (\`dispatch-lab autograder\`). Gradescope runs it once, as root, when it builds`,
    '# the autograder image (Ubuntu).',
    'set -euo pipefail',
    ...PATHS,
    `NODE_VERSION=${shellQuote(options.nodeVersion)}`,
    '',
    '# Whether node on PATH is 20.19 or newer.',
    'has_node() {',
    '  local v; v=$(node -v 2>/dev/null) || return 1; v=${v#v}',
    '  local major=${v%%.*} rest=${v#*.}; local minor=${rest%%.*}',
    '  [ "$major" -gt 20 ] || { [ "$major" -eq 20 ] && [ "$minor" -ge 19 ]; }',
    '}',
    'if [ "${DISPATCH_LAB_SKIP_SYSTEM_INSTALL:-}" = 1 ] || has_node; then',
    '  echo "setup: Node $(node -v 2>/dev/null || echo "(none)") is used as it is"',
    'else',
    '  # The official build of the Node this autograder was made with, checked against nodejs.org\'s SHA-256 sums.',
    '  case "$(uname -m)" in x86_64) arch=x64 ;; aarch64) arch=arm64 ;; *) echo "setup: no Node build for $(uname -m)" >&2; exit 1 ;; esac',
    '  apt-get update -qq && apt-get install -y -qq ca-certificates curl xz-utils',
    '  name="node-v$NODE_VERSION-linux-$arch"',
    '  cd /tmp',
    '  curl -fsSLO "https://nodejs.org/dist/v$NODE_VERSION/$name.tar.xz"',
    '  curl -fsSL "https://nodejs.org/dist/v$NODE_VERSION/SHASUMS256.txt" | grep " $name.tar.xz\\$" | sha256sum -c -',
    '  tar -xJf "$name.tar.xz" -C /usr/local --strip-components=1',
    '  rm "$name.tar.xz"',
    'fi',
    ...(options.isolate ? [
      '# --isolate: bubblewrap builds each case\'s namespaces (util-linux unshare is the fallback dispatch-lab finds itself).',
      'if [ "${DISPATCH_LAB_SKIP_SYSTEM_INSTALL:-}" != 1 ] && ! command -v bwrap >/dev/null; then',
      '  apt-get update -qq && apt-get install -y -qq bubblewrap',
      'fi',
    ] : []),
    '',
    'cd "$SOURCE"',
    `# dispatch-lab ${options.version} from the tarball beside package.json; its packages from the npm registry${options.hasLock ? ', as package-lock.json pins them' : ''}.`,
    install,
    '# The submission imports the course\'s packages (picomatch, ajv, zod, the MCP SDK): node finds them in a folder above it.',
    'rm -rf "$AUTOGRADER_DIR/node_modules" && mv "$SOURCE/node_modules" "$AUTOGRADER_DIR/node_modules"',
    '# Cases run as nobody when the grader is root: what they must not read is root\'s alone (and hidden under --isolate).',
    `chmod -R go-rwx ${secrets}`,
    '',
  ].join('\n');
}

// The grading command run_autograder runs, one shell word per flag (paths by variable).
function gradeCommand(options: AutograderOptions): string[] {
  return [
    '"$AUTOGRADER_DIR/node_modules/.bin/dispatch-lab" test --dir "$SUBMISSION"',
    ...(options.stages.length > 0 ? options.stages.map((s) => `--stage ${shellQuote(s)}`) : ['--all']),
    ...(options.hasPrivateCases ? [`--cases "$SOURCE/${PRIVATE_CASES_DIR}"`] : []),
    options.isolate ? '--isolate' : '--no-isolate',
    ...(options.timeoutMs === undefined ? [] : [`--timeout ${options.timeoutMs}`]),
    ...(options.memory === undefined ? [] : [`--memory ${shellQuote(options.memory)}`]),
    ...(options.maxProcs === undefined ? [] : [`--max-procs ${options.maxProcs}`]),
    ...(options.jobs === undefined ? [] : [`--jobs ${options.jobs}`]),
    '--no-color --reporter pretty --output-file "gradescope=$RESULTS/results.json"',
  ];
}

// run_autograder: grade the submission with the options baked in, Gradescope's results.json written whatever happens
// (the grader writes one even when it cannot grade; the script writes one if dispatch-lab could not even start), and
// exit 0: a failing case is a grade, not an autograder failure.
export function runScript(options: AutograderOptions): string {
  return [
    '#!/usr/bin/env bash',
    `# Written by dispatch-lab ${options.version} (\`dispatch-lab autograder\`). Gradescope runs it once per submission, as root.`,
    'set -u',
    ...PATHS,
    'SUBMISSION="$AUTOGRADER_DIR/submission"',
    'RESULTS="$AUTOGRADER_DIR/results"',
    'mkdir -p "$RESULTS"',
    'rm -f "$RESULTS/results.json"',
    '# Cases run as nobody when the grader is root: the submission must be readable by every user.',
    'chmod o+x "$AUTOGRADER_DIR" && chmod -R a+rX "$SUBMISSION"',
    'cd "$SOURCE"',
    `${gradeCommand(options).join(' \\\n  ')}`,
    'status=$?',
    '# 0: every case passed, 1: a case failed (both grades); 2: the grader could not grade, and results.json says why.',
    'if [ ! -s "$RESULTS/results.json" ]; then',
    '  printf \'{"score": 0, "output": "dispatch-lab could not start (exit code %s): see the autograder output", "output_format": "text", "tests": []}\\n\' "$status" > "$RESULTS/results.json"',
    'fi',
    'exit 0',
    '',
  ].join('\n');
}
