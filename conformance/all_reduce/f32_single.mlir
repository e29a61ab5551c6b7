// all_reduce: oracle: identity on one replica (jax psum over one device)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-2.34188509, -0.487700224, 0.961400747], [-4.40646935, 9.81348323, 2.5118556]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v2 = "shlo.all_reduce"(%c1) ({
  ^bb0(%a0: tensor<f32>, %b0: tensor<f32>):
    %s0 = "shlo.add"(%a0, %b0) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "shlo.return"(%s0) : (tensor<f32>) -> ()
  }) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-2.34188509, -0.487700224, 0.961400747], [-4.40646935, 9.81348323, 2.5118556]]> : tensor<2x3xf32>}} : (tensor<2x3xf32>) -> ()
  func.return
}
