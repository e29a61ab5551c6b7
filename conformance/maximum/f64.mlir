// maximum: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-4.7816869340824715, -5.4490448385687564, 1.18138824085536], [-1.4431854821165468, -0.087225860942199515, -1.0179154776977641]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %c2 = shlo.constant {value = dense<[[-1.345065794163014, 2.1389980757639959, -3.2475405821174932], [4.8227219521661766, 0.23468773301505805, -3.2195881647161437]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v3 = "shlo.maximum"(%c1, %c2) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-1.345065794163014, 2.1389980757639959, 1.18138824085536], [4.8227219521661766, 0.23468773301505805, -1.0179154776977641]]> : tensor<2x3xf64>}} : (tensor<2x3xf64>) -> ()
  func.return
}
