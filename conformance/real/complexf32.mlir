// real: oracle jax.lax.real
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-3.1587913, 0.820940077, -1.63796413], [0.15800117, 1.28946686, -0.534599364]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %c2 = shlo.constant {value = dense<[[-0.469810903, 2.48825812, -2.97517157], [-0.04986744, -0.115087189, -0.476021081]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xcomplex<f32>>
  %v4 = "shlo.real"(%v3) : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-3.1587913, 0.820940077, -1.63796413], [0.15800117, 1.28946686, -0.534599364]]> : tensor<2x3xf32>}} : (tensor<2x3xf32>) -> ()
  func.return
}
