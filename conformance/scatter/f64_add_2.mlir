// scatter: oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-0.073224908035765091, -0.64705543653305453, 0.53556848267326729, 0.25933217199446912], [-0.84984339606057291, -0.88017807424397165, 0.3315412632922653, 0.099097621272456027], [-0.31113693697902334, 0.16973936405185686, 0.59104320372857011, -0.39308029848616843], [0.26770007315487276, 0.18295658390646119, 0.22896538606966932, 0.38056292622216892]]> : tensor<4x4xf64>} : () -> tensor<4x4xf64>
  %c2 = shlo.constant {value = dense<[[0, 0], [3, 3], [1, 2]]> : tensor<3x2xi32>} : () -> tensor<3x2xi32>
  %c3 = shlo.constant {value = dense<[0.66722892681217261, -0.29241233360247243, -0.49863102713426188]> : tensor<3xf64>} : () -> tensor<3xf64>
  %v4 = "shlo.scatter"(%c1, %c2, %c3) ({
  ^bb0(%a0: tensor<f64>, %b0: tensor<f64>):
    %s0 = "shlo.add"(%a0, %b0) : (tensor<f64>, tensor<f64>) -> tensor<f64>
    "shlo.return"(%s0) : (tensor<f64>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [], inserted_window_dims = [0, 1], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<4x4xf64>, tensor<3x2xi32>, tensor<3xf64>) -> tensor<4x4xf64>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.59400401877640752, -0.64705543653305453, 0.53556848267326729, 0.25933217199446912], [-0.84984339606057291, -0.88017807424397165, -0.16708976384199659, 0.099097621272456027], [-0.31113693697902334, 0.16973936405185686, 0.59104320372857011, -0.39308029848616843], [0.26770007315487276, 0.18295658390646119, 0.22896538606966932, 0.088150592619696488]]> : tensor<4x4xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<4x4xf64>) -> ()
  func.return
}
