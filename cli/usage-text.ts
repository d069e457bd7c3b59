// What `ledgerscope --help` prints: every command, its flags, its formats and the exit codes; no
// line wider than the 120 columns every command's output keeps to (test/unit/cli-output.test.ts).
import { HISTORY_USAGE } from './history-args';

export const USAGE = `usage: ledgerscope [--network local|testnet|public|<url>] [--max-wait SECONDS] [--wide] <command>
output: for a person by default: tables and sentences, amounts with seven decimals, XLM, accounts by their address-book
  name or abbreviated id, at most 120 columns (--wide: as wide as the cells, every id whole); for a machine
  --format json|ndjson|csv where a command writes data (each command's list below). <account> is an account id, a name
  in the address book, the start of an id there (several matches: exit 2, naming them), or a federation address
  name*domain (SEP-2: resolved on the selected network, what it resolved to said on stderr)
  payments <account>                      payments of an account
  operations --account|--ledger|--transaction|--claimable-balance|--liquidity-pool <id>
      listing flags: --limit N --order asc|desc --cursor C --include-failed --join transactions
                     --all --format table|json|ndjson|csv (--all stops with an error if the cursor does not advance)
      table: time, type, what the operation did (one sentence) and its id
  stream payments <account> [--cursor C] [--format ndjson]  new payments until interrupted, a line each
  inspect <file|-> [--format text|json]   a signed transaction's verdict: network, source, sequence, fee,
                                          operations, signatures, thresholds, readiness (JSON with --format json)
  merge <file>... [--add-signature G…:BASE64]... [--output FILE] [--format base64|hex|sep7]
                                          one envelope from copies signed by different signers (the envelope on
                                          stdout, one line to paste whole; what was checked on stderr)
  submit <file|-> [--no-wait] [--no-memo-check] [--format json|ndjson]
                                          submit it, follow it into a ledger (memo check: SEP-29); a sentence
                                          each, or the report and the final status as JSON objects, one a line
  decode <type|auto> <xdr|->              any XDR as a JSON tree
  explain <code...>                       what a result code means and how to fix it
  export payments <account> | export operations --<scope> <id>
      --output FILE --format csv|accounting|ndjson [--order asc|desc] [--include-failed] [--join transactions]
      [--max-rows N]; csv: one row per leg, names from the address book, fee_xlm once per transaction the account
      paid, summary: what an operation that moved nothing did or tried; accounting: one row per transaction in
      Koinly's universal layout (sent, received, fee, label, TxHash)
  (export and merge --output never overwrite: a taken name is written as "name (2).ext", and the path printed;
   and name a file only when it is whole: a stopped or killed export leaves nothing under the name)
${HISTORY_USAGE}
global flags, anywhere on the line:
  --network X          local (the embedded local network, the default), testnet, public or a Horizon URL
  --max-wait SECONDS   when the server limits the request rate, wait at most this long (default 300)
  --user-data-dir DIR  settings, address book, history indexes (default ~/.config/ledgerscope/cli)
  --wide               tables as wide as their cells and every id whole
  --help, -h           print this and exit
exit codes: 0 done (inspect: ready to submit; reconcile: reconciled over a whole index; submit: in a ledger);
  1 an error (said on stderr) or a verdict that is not (inspect: not ready; submit: refused or failed; reconcile: it
    differs or is partial; explain: an unknown code; sync: it ended in error);
  2 a malformed command line: an unknown command, flag or --format, a bad value, an account no name or id start names`;
