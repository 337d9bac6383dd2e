import { cmtsFieldsSchema, rowsHoldingIp, type CmtsFields } from '@insight/common/network';
import { encodeMessage } from '@insight/common/validators';

type Row = Pick<CmtsFields, 'cmtsId' | 'ipLookup' | 'ipManage'>;

/**
 * The CMTS form's schema: the common/ schema plus the checks that need the rest of the table (docs/requirements.md, "Network management"):
 * section 5): an IP Lookup or IP Management address that another row holds blocks the save unless
 * 'override IP checks' is ticked, and the head end and marketing area must exist.
 */
export function cmtsFormSchema(context: {
  rows: readonly Row[];
  headEnds: ReadonlySet<string>;
  marketAreas: ReadonlySet<string>;
}) {
  return cmtsFieldsSchema.superRefine((values, ctx) => {
    if (!values.overrideIpChecks)
      for (const field of ['ipLookup', 'ipManage'] as const) {
        // Saving under an existing cmtsId replaces that row, so it does not count against itself.
        const holders = rowsHoldingIp(context.rows, values[field], values.cmtsId);
        if (holders.length > 0)
          ctx.addIssue({
            code: 'custom',
            path: [field],
            message: encodeMessage({ key: 'ipInUse', row: holders.join(', ') }),
          });
      }
    // A code typed that is not in its list: said so, with what is expected (an empty one is 'required').
    if (values.headEnd && !context.headEnds.has(values.headEnd))
      ctx.addIssue({
        code: 'custom',
        path: ['headEnd'],
        message: encodeMessage({ key: 'unknownHeadEnd', row: values.headEnd }),
      });
    if (values.marketArea && !context.marketAreas.has(values.marketArea))
      ctx.addIssue({
        code: 'custom',
        path: ['marketArea'],
        message: encodeMessage({ key: 'unknownMarketArea', row: values.marketArea }),
      });
  });
}

export { EMPTY_CMTS_FIELDS as EMPTY_CMTS } from '@insight/common/network';
