// What `ledgerscope --help` prints: every command, its flags, its formats and the exit codes.
import { HISTORY_USAGE } from './history-args';

export const USAGE = `usage: ledgerscope [--network local|testnet|public|<url>] [--max-wait SECONDS] <command>
  payments <account>                      payments of an account
  operations --account|--ledger|--transaction|--claimable-balance|--liquidity-pool <id>
      listing flags: --limit N --order asc|desc --cursor C --include-failed --join transactions
                     --all --format json|ndjson|csv (--all stops with an error if the cursor does not advance)
  stream payments <account> [--cursor C]  NDJSON of new payments until interrupted
  inspect <file|-> [--format text|json]   a signed transaction's verdict: network, source, sequence, fee,
                                          operations, signatures, thresholds, readiness (JSON with --format json)
  merge <file>... [--add-signature G…:BASE64]... [--output FILE] [--format base64|hex|sep7]
                                          one envelope from copies signed by different signers
  submit <file|-> [--no-wait] [--no-memo-check]  submit it, follow it into a ledger (memo check: SEP-29)
  decode <type|auto> <xdr|->              any XDR as a JSON tree
  explain <code...>                       what a result code means and how to fix it
  export payments <account> | export operations --<scope> <id>
      --output FILE --format csv|accounting|ndjson [--order asc|desc] [--include-failed] [--join transactions] [--max-rows N]
      csv: one row per leg, names from the address book, fee_xlm once per transaction the account paid;
      accounting: one row per transaction in Koinly's universal layout (sent, received, fee, label, TxHash)
  (export and merge --output never overwrite: a taken name is written as "name (2).ext", and the path printed;
   and name a file only when it is whole: a stopped or killed export leaves nothing under the name)
${HISTORY_USAGE}
global flags, anywhere on the line:
  --network X                             local (the embedded local network, the default), testnet, public or a Horizon URL
  --max-wait SECONDS                      when the server limits the request rate, wait at most this long (default 300)
  --user-data-dir DIR                     settings, address book, history indexes (default ~/.config/ledgerscope/cli)
  --help, -h                              print this and exit
exit codes: 0 done (inspect: ready to submit; reconcile: reconciled over a whole index); 2 a malformed command line;
  1 an error (said on stderr) or a verdict that is not (inspect: not ready; submit: refused; reconcile: it differs or is partial)`;
