// The categories of seed 003's pattern list (003_cfd8ab0b6123cd10.txt): supersession stays within one.
export type HuCategory =
  | 'basic'
  | 'sequences'
  | 'triplets'
  | 'quads'
  | 'honors'
  | 'terminals'
  | 'suit-based'
  | 'consecutiveness'
  | 'parallelity'
  | 'three-colors'
  | 'irregular'
  | 'luck'
  | 'non-winning';
