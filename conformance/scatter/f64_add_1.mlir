// scatter: oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0.13237677711864781, 0.60169803708086145, -0.43470235938793794], [0.56136369467127956, -0.6185642555185501, 0.56964578581392422], [-0.28632052579248102, 0.42808806589889048, 0.88539957198725061], [-0.72318727572372343, -0.53659795262438437, 0.63188459000338726], [-0.42438704052099563, -0.78967627386865769, 0.58104653558703834]]> : tensor<5x3xf64>} : () -> tensor<5x3xf64>
  %c2 = shlo.constant {value = dense<[[1], [3], [1]]> : tensor<3x1xi32>} : () -> tensor<3x1xi32>
  %c3 = shlo.constant {value = dense<[[0.37689817510644585, -0.82343997519864764, -0.56140944212746891], [0.34288781976454119, 0.60049763166642223, 0.20854581500598923], [-0.051247766521125726, 0.51544808057064639, -0.17309876702737614]]> : tensor<3x3xf64>} : () -> tensor<3x3xf64>
  %v4 = "shlo.scatter"(%c1, %c2, %c3) ({
  ^bb0(%a0: tensor<f64>, %b0: tensor<f64>):
    %s0 = "shlo.add"(%a0, %b0) : (tensor<f64>, tensor<f64>) -> tensor<f64>
    "shlo.return"(%s0) : (tensor<f64>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [1], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<5x3xf64>, tensor<3x1xi32>, tensor<3x3xf64>) -> tensor<5x3xf64>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.13237677711864781, 0.60169803708086145, -0.43470235938793794], [0.88701410325659968, -0.92655615014655124, -0.16486242334092083], [-0.28632052579248102, 0.42808806589889048, 0.88539957198725061], [-0.38029945595918224, 0.06389967904203786, 0.84043040500937649], [-0.42438704052099563, -0.78967627386865769, 0.58104653558703834]]> : tensor<5x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<5x3xf64>) -> ()
  func.return
}
