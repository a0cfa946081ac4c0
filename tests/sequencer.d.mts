import { BaseSequencer, type TestSpecification } from 'vitest/node'

export declare class LongestFirst extends BaseSequencer {
  sort(files: TestSpecification[]): Promise<TestSpecification[]>
}
