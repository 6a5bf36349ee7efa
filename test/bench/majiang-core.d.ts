// Just enough of @kobalab/majiang-core 1.4.1 (plain CommonJS, no types) for the benchmark's peer side.
declare module '@kobalab/majiang-core' {
  namespace Majiang {
    /** A hand: concealed tiles (_bingpai), melds (_fulou) and the drawn tile (_zimo). */
    class Shoupai {
      static fromString(paistr?: string): Shoupai;
      clone(): Shoupai;
      toString(): string;
      readonly _fulou: string[];
      readonly _zimo: string | null;
    }

    /** One way to read a winning hand: set strings such as 'm123', 'p55=!' (the winning tile marked '!'). */
    type Mianzi = string[];

    interface HuleParam {
      readonly zhuangfeng: number;
      readonly menfeng: number;
    }

    interface HuleResult {
      readonly hupai?: readonly { readonly name: string; readonly fanshu: number | string }[];
      readonly fu?: number;
      readonly fanshu?: number;
      readonly damanguan?: number;
      /** 0 when the hand has no yaku. */
      readonly defen: number;
      readonly fenpei?: readonly number[];
    }

    interface HuleParamInput {
      zhuangfeng?: number;
      menfeng?: number;
      lizhi?: number;
      baopai?: string | readonly string[];
    }

    const Util: {
      xiangting(shoupai: Shoupai): number;
      /** Tiles that lower the shanten number; null when the hand holds a drawn tile. */
      tingpai(shoupai: Shoupai): string[] | null;
      /** rongpai: a discard such as 'm5=' (direction required), or null for a win on the drawn tile. */
      hule_mianzi(shoupai: Shoupai, rongpai?: string | null): Mianzi[];
      /** undefined when the tiles make no complete hand. */
      hule(shoupai: Shoupai, rongpai: string | null, param: HuleParam): HuleResult | undefined;
      hule_param(param?: HuleParamInput): HuleParam;
    };
  }
  export default Majiang;
}
