// scatter: oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-4.0482617698374677, 1.267628800799355, -3.2670567370505394], [-2.3640752194044135, -2.4875928577132385, 0.43329737267241458], [-2.2170151857845859, -0.54645257758030519, -1.9218326106592787], [3.01874185736609, 0.14636518640545831, -0.082116711996069028], [-0.53861463495728801, -2.6933698642915096, -3.8415684312033807]]> : tensor<5x3xf64>} : () -> tensor<5x3xf64>
  %c2 = shlo.constant {value = dense<[[1.4363436977818136, 1.6812829440590134, 0.074395669356814131], [0.58345479550205082, 1.0902565866559442, -1.577709399503066], [-1.2004596474243383, 3.8121140864618717, 1.2834102150168438], [1.2680614080231365, 1.6639694070961366, 1.4726757906796666], [1.4307691374393792, 2.4836661150726367, -0.56774465858854706]]> : tensor<5x3xf64>} : () -> tensor<5x3xf64>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<5x3xf64>, tensor<5x3xf64>) -> tensor<5x3xcomplex<f64>>
  %c4 = shlo.constant {value = dense<[[4], [7], [-1]]> : tensor<3x1xi32>} : () -> tensor<3x1xi32>
  %c5 = shlo.constant {value = dense<[[1.7702998074736187, 0.065807865149455858, -1.7728738867830651], [-0.51060165757572618, 2.132962564798432, 2.2775076654805511], [0.91507866504347712, 0.73155441217840877, -1.5139389586674126]]> : tensor<3x3xf64>} : () -> tensor<3x3xf64>
  %c6 = shlo.constant {value = dense<[[-2.0048436256030442, 1.0360412736900038, 2.7273679338565313], [1.5955659064069356, 0.77136293295495828, -1.707653376603719], [-0.41452822308994175, -0.23163280113588705, 0.37952547513293355]]> : tensor<3x3xf64>} : () -> tensor<3x3xf64>
  %v7 = "shlo.complex"(%c5, %c6) : (tensor<3x3xf64>, tensor<3x3xf64>) -> tensor<3x3xcomplex<f64>>
  %v8 = "shlo.scatter"(%v3, %c4, %v7) ({
  ^bb0(%a0: tensor<complex<f64>>, %b0: tensor<complex<f64>>):
    %s0 = "shlo.add"(%a0, %b0) : (tensor<complex<f64>>, tensor<complex<f64>>) -> tensor<complex<f64>>
    "shlo.return"(%s0) : (tensor<complex<f64>>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [1], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<5x3xcomplex<f64>>, tensor<3x1xi32>, tensor<3x3xcomplex<f64>>) -> tensor<5x3xcomplex<f64>>
  %v9 = "shlo.real"(%v8) : (tensor<5x3xcomplex<f64>>) -> tensor<5x3xf64>
  %v10 = "shlo.imag"(%v8) : (tensor<5x3xcomplex<f64>>) -> tensor<5x3xf64>
  "shlo.custom_call"(%v9) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-4.0482617698374677, 1.267628800799355, -3.2670567370505394], [-2.3640752194044135, -2.4875928577132385, 0.43329737267241458], [-2.2170151857845859, -0.54645257758030519, -1.9218326106592787], [3.01874185736609, 0.14636518640545831, -0.082116711996069028], [1.2316851725163307, -2.6275619991420536, -5.6144423179864456]]> : tensor<5x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<5x3xf64>) -> ()
  "shlo.custom_call"(%v10) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1.4363436977818136, 1.6812829440590134, 0.074395669356814131], [0.58345479550205082, 1.0902565866559442, -1.577709399503066], [-1.2004596474243383, 3.8121140864618717, 1.2834102150168438], [1.2680614080231365, 1.6639694070961366, 1.4726757906796666], [-0.57407448816366502, 3.5197073887626402, 2.1596232752679843]]> : tensor<5x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<5x3xf64>) -> ()
  func.return
}
