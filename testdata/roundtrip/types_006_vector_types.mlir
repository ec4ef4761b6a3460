// types: vectors fixed, multi-dim, scalable, mixed scalable, 0-d, of index and i1.
func.func private @vecs(vector<4xf32>, vector<2x3x4xi8>, vector<f32>, vector<1xi1>, vector<4xindex>)
func.func private @scalable(vector<[4]xf32>, vector<[2]x[2]xf64>, vector<4x[8]xi16>, vector<[1]xi1>)

func.func @roundtrip(%a: vector<[4]xf32>, %b: vector<f32>) -> (vector<[4]xf32>, vector<f32>) {
  return %a, %b : vector<[4]xf32>, vector<f32>
}
