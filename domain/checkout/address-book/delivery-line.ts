/** The delivery form's address line for a saved address: the street, then the unit when there is one. */
export function deliveryLine(address: { address: string; unit: string }): string {
  return address.unit ? `${address.address}, ${address.unit}` : address.address;
}
