// scatter: oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-0.39587097114155223, 0.11908225144646897, 1.2212378005426481, 0.59144504358053029], [-2.0738087476403924, -1.5354261185238192, -0.98483173409722258, -0.83046242679472093], [-1.2279902664005478, -2.9481163840289888, 0.41968810572709797, 1.2005084982651328], [-1.0759159192208925, -0.52989354267718092, -0.9746849322252743, 1.2224632863212583]]> : tensor<4x4xf64>} : () -> tensor<4x4xf64>
  %c2 = shlo.constant {value = dense<[[-0.43000822260524041, 0.32503993955576643, -2.567673805912198, -0.95025047739949464], [0.26262352173771836, 1.7587714699409058, -1.7472736490428273, -1.7892635839519198], [1.2550856082065578, 1.9577334868224416, -1.0578566877330671, -0.96177263532596746], [-0.54221576827893059, -2.9730576622685549, 2.3489548887169822, 0.316914240685992]]> : tensor<4x4xf64>} : () -> tensor<4x4xf64>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<4x4xf64>, tensor<4x4xf64>) -> tensor<4x4xcomplex<f64>>
  %c4 = shlo.constant {value = dense<[[0, 0], [3, 3], [1, 2]]> : tensor<3x2xi32>} : () -> tensor<3x2xi32>
  %c5 = shlo.constant {value = dense<[-3.8636896489320485, 1.3739141793495817, 1.423925048752487]> : tensor<3xf64>} : () -> tensor<3xf64>
  %c6 = shlo.constant {value = dense<[0.30659911347337343, -2.1354020982134467, -2.2571857848181742]> : tensor<3xf64>} : () -> tensor<3xf64>
  %v7 = "shlo.complex"(%c5, %c6) : (tensor<3xf64>, tensor<3xf64>) -> tensor<3xcomplex<f64>>
  %v8 = "shlo.scatter"(%v3, %c4, %v7) ({
  ^bb0(%a0: tensor<complex<f64>>, %b0: tensor<complex<f64>>):
    "shlo.return"(%b0) : (tensor<complex<f64>>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [], inserted_window_dims = [0, 1], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<4x4xcomplex<f64>>, tensor<3x2xi32>, tensor<3xcomplex<f64>>) -> tensor<4x4xcomplex<f64>>
  %v9 = "shlo.real"(%v8) : (tensor<4x4xcomplex<f64>>) -> tensor<4x4xf64>
  %v10 = "shlo.imag"(%v8) : (tensor<4x4xcomplex<f64>>) -> tensor<4x4xf64>
  "shlo.custom_call"(%v9) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-3.8636896489320485, 0.11908225144646897, 1.2212378005426481, 0.59144504358053029], [-2.0738087476403924, -1.5354261185238192, 1.423925048752487, -0.83046242679472093], [-1.2279902664005478, -2.9481163840289888, 0.41968810572709797, 1.2005084982651328], [-1.0759159192208925, -0.52989354267718092, -0.9746849322252743, 1.3739141793495817]]> : tensor<4x4xf64>}} : (tensor<4x4xf64>) -> ()
  "shlo.custom_call"(%v10) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.30659911347337343, 0.32503993955576643, -2.567673805912198, -0.95025047739949464], [0.26262352173771836, 1.7587714699409058, -2.2571857848181742, -1.7892635839519198], [1.2550856082065578, 1.9577334868224416, -1.0578566877330671, -0.96177263532596746], [-0.54221576827893059, -2.9730576622685549, 2.3489548887169822, -2.1354020982134467]]> : tensor<4x4xf64>}} : (tensor<4x4xf64>) -> ()
  func.return
}
