// How a signature need reads, the same on the Submit page and in the command line: the weight of
// the valid signatures against the account's threshold. A threshold of 0 asks for no weight, so
// any signer of the account meets it (with a signature of weight above zero): it reads as such,
// never "weight 1 of 0". No zod here: the page imports it.

export function needText(weight: number, needed: number): string {
  return needed === 0 ? 'no threshold (any signer)' : `weight ${weight} of ${needed}`;
}
