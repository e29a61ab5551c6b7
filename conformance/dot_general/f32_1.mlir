// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[0.220539317, -0.459072381, 0.448624581, 0.89730066], [-0.00996235199, 0.484799564, 0.876051604, -0.418127775], [0.713326632, -0.241662636, -0.839318514, 0.697594047]], [[-0.411715686, -0.131618917, 0.470654637, 0.0646356493], [-0.345390141, 0.230279028, 0.700021445, 0.459224015], [-0.225088298, -0.529128075, -0.280136824, -0.0656821579]]]> : tensor<2x3x4xf32>} : () -> tensor<2x3x4xf32>
  %c2 = shlo.constant {value = dense<[[[0.803297638, 0.609244525], [0.35075134, 0.0814852566], [6.429910e-01, -0.080622442], [-0.308862865, 0.00562547939]], [[-0.376197934, 0.284944057], [-0.892900288, 0.431337655], [-0.726563573, -0.658839702], [-0.583456635, -5.294640e-01]]]> : tensor<2x4x2xf32>} : () -> tensor<2x4x2xf32>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x3x4xf32>, tensor<2x4x2xf32>) -> tensor<2x3x2xf32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[0.0274571776, 0.065833278], [0.854478776, -0.0395470783], [-0.266885042, 0.486490607]], [[-0.107263438, -0.518396378], [-0.852228522, -0.703433334], [0.798996269, -0.0730288401]]]> : tensor<2x3x2xf32>, rtol = 8.000e-06 : f64, atol = 2.000e-06 : f64}} : (tensor<2x3x2xf32>) -> ()
  func.return
}
