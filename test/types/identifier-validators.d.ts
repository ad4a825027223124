// Types of the identifier validators the tests run (dev dependencies that ship none; test/identifiers/).

declare module 'ssn-validator' {
  export function isValid(value: string): boolean;
}

declare module 'is-valid-ssn' {
  export default function isValidSsn(value: string): boolean;
}

declare module 'bank-routing-number-validator' {
  const validator: { ABARoutingNumberIsValid(routingNumber: string): boolean };
  export default validator;
}

declare module 'luhn' {
  const luhn: { validate(value: string): boolean };
  export default luhn;
}
