// map: oracle jax.lax elementwise op applied by map
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-1.02500892, 0.0866406038, 1.4453615], [-2.50534105, -1.442536, -0.563098848]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %c2 = shlo.constant {value = dense<[[-0.820037603, 0.675311505, 2.65648961], [2.22971869, -5.19411087, 3.85988879]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v3 = "shlo.map"(%c1, %c2) ({
  ^bb0(%a0: tensor<f32>, %b0: tensor<f32>):
    %s0 = "shlo.multiply"(%a0, %b0) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "shlo.return"(%s0) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 0, 1>} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.840545833, 5.850940e-02, 3.83958769], [-5.58620596, 7.49269199, -2.17349887]]> : tensor<2x3xf32>}} : (tensor<2x3xf32>) -> ()
  func.return
}
