// scatter: oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[8.544920e-02, 5.820310e-01, -1.721190e-02, 4.804690e-01, 5.859380e-01], [-4.062500e-01, -2.050780e-01, 8.242180e-01, -7.226560e-01, 6.914060e-01]]> : tensor<2x5xbf16>} : () -> tensor<2x5xbf16>
  %c2 = shlo.constant {value = dense<[[1], [3]]> : tensor<2x1xi32>} : () -> tensor<2x1xi32>
  %c3 = shlo.constant {value = dense<[8.476560e-01, -4.628910e-01]> : tensor<2xbf16>} : () -> tensor<2xbf16>
  %v4 = "shlo.scatter"(%c1, %c2, %c3) ({
  ^bb0(%a0: tensor<bf16>, %b0: tensor<bf16>):
    %s0 = "shlo.add"(%a0, %b0) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
    "shlo.return"(%s0) : (tensor<bf16>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<2x5xbf16>, tensor<2x1xi32>, tensor<2xbf16>) -> tensor<2x5xbf16>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[8.544920e-02, 1.429690e+00, -1.721190e-02, 4.804690e-01, 5.859380e-01], [-4.062500e-01, -2.050780e-01, 8.242180e-01, -1.187500e+00, 6.914060e-01]]> : tensor<2x5xbf16>, rtol = 1.000e-02 : f64, atol = 1.000e-03 : f64}} : (tensor<2x5xbf16>) -> ()
  func.return
}
