export declare function answersOf(onAnswer: (status: number, head: string) => void): (data: Buffer) => void;
