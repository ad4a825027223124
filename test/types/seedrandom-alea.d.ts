// seedrandom ships its Alea generator as a standalone CommonJS file; the tests use it as the
// definition that src/random/stream-key.ts reproduces. @types/seedrandom does not describe that path.
declare module 'seedrandom/lib/alea.js' {
  interface AleaPrng {
    (): number;
    int32(): number;
    double(): number;
  }
  function alea(seed: string): AleaPrng;
  export default alea;
}
