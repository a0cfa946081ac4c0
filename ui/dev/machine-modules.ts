/** Every core/**\/*.machine.ts, loaded lazily (dev page only). */
export const machineModules: Record<string, () => Promise<unknown>> = import.meta.glob('/core/**/*.machine.ts', {
  eager: false,
})
