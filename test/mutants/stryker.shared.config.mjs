// StrykerJS over the reference's shared helpers only (the modules several tool stages import), one
// worker: `MUTATION_STAGES=echo,view,create,str-replace,insert,glob,grep,bash,register-tools,validate-args
// nice npx stryker run test/mutants/stryker.shared.config.mjs`. The stages listed are those whose cases
// reach these modules. Reports: .dispatch-lab/mutation/shared.html and shared.json.
import base from './stryker.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  mutate: [
    'reference/sandbox.ts',
    'reference/host-path.ts',
    'reference/code-unit-order.ts',
    'reference/process-group.ts',
    'reference/params.ts',
    'reference/lines.ts',
    'reference/file-kind.ts',
  ],
  concurrency: 1,
  htmlReporter: { fileName: '.dispatch-lab/mutation/shared.html' },
  jsonReporter: { fileName: '.dispatch-lab/mutation/shared.json' },
};
