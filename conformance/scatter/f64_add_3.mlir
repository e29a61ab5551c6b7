// scatter: oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-0.72298768573887029, 0.89627968821427284, 0.79547493964316895], [0.088166379818987117, 0.47912128332024484, -0.55487683977086699], [0.28448179695315023, -0.14350153218828565, -0.75702172712241622], [0.18898671504776299, 0.36120130387279958, -0.43406299192933639], [-0.27248402243252401, -0.066551284720756887, -0.68057447172959695]]> : tensor<5x3xf64>} : () -> tensor<5x3xf64>
  %c2 = shlo.constant {value = dense<[[4], [7], [-1]]> : tensor<3x1xi32>} : () -> tensor<3x1xi32>
  %c3 = shlo.constant {value = dense<[[0.41683523429690628, -0.32106992458801098, 0.59520508451093634], [-0.02191379652207881, -0.44444086135807243, -0.83741698053270575], [0.1802985161566838, 0.64169929133557424, -0.41690387301346893]]> : tensor<3x3xf64>} : () -> tensor<3x3xf64>
  %v4 = "shlo.scatter"(%c1, %c2, %c3) ({
  ^bb0(%a0: tensor<f64>, %b0: tensor<f64>):
    %s0 = "shlo.add"(%a0, %b0) : (tensor<f64>, tensor<f64>) -> tensor<f64>
    "shlo.return"(%s0) : (tensor<f64>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [1], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<5x3xf64>, tensor<3x1xi32>, tensor<3x3xf64>) -> tensor<5x3xf64>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.72298768573887029, 0.89627968821427284, 0.79547493964316895], [0.088166379818987117, 0.47912128332024484, -0.55487683977086699], [0.28448179695315023, -0.14350153218828565, -0.75702172712241622], [0.18898671504776299, 0.36120130387279958, -0.43406299192933639], [0.14435121186438227, -0.38762120930876787, -0.085369387218660608]]> : tensor<5x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<5x3xf64>) -> ()
  func.return
}
