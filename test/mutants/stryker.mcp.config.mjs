// StrykerJS over reference/mcp only (the layer of stage mcp-discovery), killed by that stage's cases:
//   MUTATION_STAGES=mcp-discovery nice npx stryker run test/mutants/stryker.mcp.config.mjs
// Reports: .dispatch-lab/mutation/report.html and report.json, as the base config.
import base from './stryker.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default { ...base, mutate: ['reference/mcp/*.ts'] };
