// seedrandom ships its Alea generator as a standalone CommonJS file (no Node
// built-ins, so it bundles for browsers as is); @types/seedrandom does not
// describe that path.
declare module 'seedrandom/lib/alea.js' {
  interface AleaPrng {
    (): number;
    int32(): number;
    double(): number;
  }
  function alea(seed: string): AleaPrng;
  export default alea;
}
